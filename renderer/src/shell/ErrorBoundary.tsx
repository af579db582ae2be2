// Keeps one broken panel from blanking the whole window: shows the failure and a way to try again.
import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Already translated by the caller (a class component cannot use the translation hook). */
  title: string;
  retryLabel: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-notice panel-crash" role="alert">
        <p className="error-sentence">{this.props.title}</p>
        <p className="error-service">{error.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {this.props.retryLabel}
        </button>
      </div>
    );
  }
}
