import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter, screen, within } from '../../ui/testing/render';
import { aComponent } from './testing/components';
import { TopologyCard } from './topology-card';

const link = (id: string) => `/topology/${id}?team=payments`;

describe('TopologyCard', () => {
  it('shows headline properties at the top, values with their unit and a bar against their maximum, and links', () => {
    const component = aComponent({
      id: 'c1',
      name: 'orders',
      type: 'Service',
      text: 'v2.3',
      properties: [
        { name: 'rps', label: 'Requests', value: 1234.5, unit: 'req/s', headline: true },
        { name: 'memory', value: 768 * 1024 * 1024, max: 1024 * 1024 * 1024, unit: 'bytes' },
        { name: 'cpu', value: 250, max: 1000, unit: 'millicores' },
        { name: 'version', text: '2.3.1' },
        { name: 'docs', links: [{ label: 'Runbook', url: 'https://runbooks.example.com/orders' }, { label: 'bad', url: 'javascript:alert(1)' }] },
      ],
    });
    renderWithRouter(<TopologyCard component={component} width={554} linkTo={link} />);
    const card = screen.getByRole('article', { name: 'orders' });
    expect(within(card).getByText('Service · v2.3')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'orders' }).getAttribute('href')).toBe('/topology/c1?team=payments');
    const headline = within(card).getByRole('list', { name: 'Headline properties' });
    expect(headline.textContent).toContain('Requests');
    expect(headline.textContent).toContain('1,234.5 req/s');
    const properties = within(card).getByRole('list', { name: 'Properties' });
    expect(properties.textContent).toContain('768 MB / 1 GB');
    // 75 percent of memory is above 70: red; 25 percent of CPU is not.
    expect(within(properties).getByRole('meter', { name: 'memory usage' }).getAttribute('aria-valuenow')).toBe('75');
    expect(within(properties).getByRole('meter', { name: 'memory usage' }).innerHTML).toContain('bg-danger');
    expect(within(properties).getByRole('meter', { name: 'cpu usage' }).innerHTML).toContain('bg-success');
    expect(properties.textContent).toContain('250m / 1,000m');
    expect(within(properties).getByRole('link', { name: 'Runbook' }).getAttribute('href')).toBe('https://runbooks.example.com/orders');
    expect(within(properties).queryByRole('link', { name: 'bad' })).toBeNull();
  });

  it("collapses properties after 6 and children after 5 behind 'show more ...', children unhealthy and warning first", async () => {
    const properties = Array.from({ length: 8 }, (_, i) => ({ name: `p${i + 1}`, text: `value ${i + 1}` }));
    const children = [
      aComponent({ id: 'k1', name: 'alpha', status: 'healthy' }),
      aComponent({ id: 'k2', name: 'bravo', status: 'healthy' }),
      aComponent({ id: 'k3', name: 'charlie', status: 'warning' }),
      aComponent({ id: 'k4', name: 'delta', status: 'healthy' }),
      aComponent({ id: 'k5', name: 'echo', status: 'unhealthy' }),
      aComponent({ id: 'k6', name: 'foxtrot', status: 'healthy' }),
      aComponent({ id: 'k7', name: 'golf', status: 'healthy' }),
    ];
    const user = userEvent.setup();
    renderWithRouter(<TopologyCard component={aComponent({ id: 'c1', name: 'orders', properties, components: children })} width={554} linkTo={link} />);
    const left = screen.getByRole('list', { name: 'Properties' });
    const right = screen.getByRole('list', { name: 'Components' });
    expect(within(left).getAllByRole('listitem')).toHaveLength(6);
    expect(within(right).getAllByRole('listitem').map((item) => item.textContent?.replace(/(healthy|unhealthy|warning)$/, ''))).toEqual(['echo', 'charlie', 'alpha', 'bravo', 'delta']);
    const [moreProperties, moreChildren] = screen.getAllByRole('button', { name: 'show more ...' });
    await user.click(moreProperties!);
    expect(within(left).getAllByRole('listitem')).toHaveLength(8);
    await user.click(moreChildren!);
    expect(within(right).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getAllByRole('button', { name: 'show less' })).toHaveLength(2);
    expect(within(right).getByRole('link', { name: /echo/ }).getAttribute('href')).toBe('/topology/k5?team=payments');
  });

  it("shows a Kubernetes node's Node info, label by label, as the kubernetes lookups give it", async () => {
    const info: [string, string, string | number, string?][] = [
      ['node', 'Node', 'ip-10-0-1-12.ec2.internal'],
      ['created', 'Created At', '2024-03-04T05:06:07.000Z'],
      ['instance-type', 'Instance Type', 'm5.large'],
      ['zone', 'Zone', 'eu-west-1a'],
      ['os', 'OS', 'Bottlerocket OS 1.19.2 (aws-k8s-1.29) (amd64)'],
      ['containerRuntime', 'Container Runtime', 'containerd://1.6.28+bottlerocket'],
      ['kernel', 'Kernel', '6.1.79'],
      ['kubeProxy', 'Kubernetes proxy', 'v1.29.1-eks-61c0bbb'],
      ['kubelet', 'Kubelet', 'v1.29.1-eks-61c0bbb'],
      ['version', 'Version', 'v1.29.1-eks-61c0bbb'],
      ['memory', 'Memory', 8 * 1024 ** 3, 'bytes'],
      ['cpu', 'CPU', 2000, 'millicores'],
      ['ip', 'IP', '10.0.1.12'],
    ];
    const properties = info.map(([name, label, value, unit]) => (typeof value === 'number' ? { name, label, value, unit } : { name, label, text: value }));
    const user = userEvent.setup();
    renderWithRouter(<TopologyCard component={aComponent({ id: 'n1', name: 'ip-10-0-1-12.ec2.internal', type: 'Kubernetes::Node', properties })} width={554} linkTo={link} />);
    await user.click(screen.getByRole('button', { name: 'show more ...' }));
    const rows = within(screen.getByRole('list', { name: 'Properties' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(rows).toEqual([
      'Nodeip-10-0-1-12.ec2.internal',
      'Created At2024-03-04T05:06:07.000Z',
      'Instance Typem5.large',
      'Zoneeu-west-1a',
      'OSBottlerocket OS 1.19.2 (aws-k8s-1.29) (amd64)',
      'Container Runtimecontainerd://1.6.28+bottlerocket',
      'Kernel6.1.79',
      'Kubernetes proxyv1.29.1-eks-61c0bbb',
      'Kubeletv1.29.1-eks-61c0bbb',
      'Versionv1.29.1-eks-61c0bbb',
      expect.stringMatching(/^Memory8(\.0)? ?Gi?B$/),
      'CPU2,000m',
      'IP10.0.1.12',
    ]);
  });

  it('links its summary badges: checks to the component, incidents and insights by type to their lists', () => {
    const component = aComponent({
      id: 'c1',
      name: 'orders',
      summary: {
        checks: { healthy: 3, unhealthy: 1, warning: 0, unknown: 0 },
        incidents: { availability: { high: 2 } },
        insights: { security: { critical: 1, low: 2 } },
      },
    });
    renderWithRouter(<TopologyCard component={component} width={554} linkTo={link} />);
    expect(screen.getByRole('link', { name: 'Checks of orders: 3 healthy, 1 unhealthy' }).getAttribute('href')).toBe('/topology/c1?team=payments');
    expect(screen.getByRole('link', { name: '2 availability incidents' }).getAttribute('href')).toBe('/incidents?type=availability&component=c1');
    expect(screen.getByRole('link', { name: '3 security insights' }).getAttribute('href')).toBe('/catalog/insights?component=c1&type=security');
  });

  it('leaves the incidents badges out when incidents are disabled', () => {
    const component = aComponent({ id: 'c1', name: 'orders', summary: { incidents: { availability: { high: 2 } } } });
    renderWithRouter(<TopologyCard component={component} width={554} linkTo={link} showIncidents={false} />);
    expect(screen.queryByRole('link', { name: /incidents/ })).toBeNull();
  });
});
