import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppUpdatedNotice, isChunkLoadError } from './app-update';
import { Button } from './button';
import { ErrorPanel } from './error-panel';

export const RENDER_ERROR_TITLE = 'Sorry.. there was an error';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Replaces the default fallback. */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches render errors below it and shows 'Sorry.. there was an error' with the details. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  reset = (): void => this.setState({ error: null, failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error, this.reset);
    return <RenderErrorFallback error={this.state.error} onRetry={this.reset} />;
  }
}

/** 'Sorry.. there was an error' with the details; 'Pharos was updated — reload' when the page's code is gone from the server. */
export function RenderErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (isChunkLoadError(error)) return <AppUpdatedNotice />;
  return (
    <div className="mx-auto max-w-2xl p-6">
      <ErrorPanel error={error} title={RENDER_ERROR_TITLE}>
        {onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </ErrorPanel>
    </div>
  );
}
