import { Component, type ReactNode } from 'react';

/** Keeps the page from going blank if a component throws: shows the error and a reload button. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="crash" role="alert" data-testid="notice">
        <h2>Something broke while drawing the page.</h2>
        <p>{this.state.error.message}</p>
        <p>Your configuration is still in the address bar.</p>
        <button onClick={() => window.location.reload()}>Reload</button>
      </div>
    );
  }
}
