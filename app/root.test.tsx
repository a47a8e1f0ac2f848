import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './root';

type ErrorBoundaryProps = Parameters<typeof ErrorBoundary>[0];

function renderErrorAt(path: string, error: unknown): string {
  const props = { error, params: {} } as unknown as ErrorBoundaryProps;
  const Stub = createRoutesStub([{ path: '*', Component: () => <ErrorBoundary {...props} /> }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null };

describe('the root error boundary', () => {
  it('shows the Swedish not-found page for a 404 under /sv', () => {
    const html = renderErrorAt('/sv/blog/borta', notFound);
    expect(html).toContain('<h1>Sidan hittades inte</h1>');
    expect(html).toContain('Läs vår blogg');
    expect(html).toContain('Sidan hittades inte | Nordic Lead Agency');
  });

  it('shows the English error page for any other failure', () => {
    const html = renderErrorAt('/blog', new Error('boom'));
    expect(html).toContain('<h1>Something went wrong</h1>');
    expect(html).toContain('Read our Blog');
    expect(html).not.toContain('Sidan');
  });
});
