import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnsiText, plainAnsiText } from './ansi-text';

describe('AnsiText', () => {
  it('colours ANSI sequences and links only http and https addresses', () => {
    const text = '\u001b[31mERROR\u001b[0m see https://pay.example/err/7 or http://x.example, not ftp://files.example or mailto:a@b.example or example.com';
    render(
      <p data-testid="out">
        <AnsiText text={text} />
      </p>,
    );
    expect(screen.getByText('ERROR').style.color).toBe('rgb(187, 0, 0)');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://pay.example/err/7', 'http://x.example']);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('out').textContent).toBe(plainAnsiText(text));
    expect(plainAnsiText(text)).not.toContain('\u001b');
  });
});
