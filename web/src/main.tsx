import '@aws-amplify/ui-react/styles.css';
// After the kit's styles: the theme's variables win over its defaults (same specificity).
import './theme.css';
import './styles.css';
// After styles.css: the keyboard focus ring wins over the kit's own focus styles.
import './focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './config';

const root = createRoot(document.getElementById('root')!);

function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <div className="config-error" role="alert">
      <h1>Fleet Console cannot start</h1>
      <p>The runtime configuration (/config.json) is missing or invalid.</p>
      <pre>{message}</pre>
      <p>
        Locally, start the stack so that it writes <code>web/public/config.json</code>; on AWS, deploy the configuration
        from the stack outputs. Then reload the page.
      </p>
    </div>
  );
}

loadConfig()
  .then(async () => {
    // Imported after Amplify is configured.
    const { App } = await import('./app/App');
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    console.error(err);
    root.render(<ConfigErrorScreen message={err instanceof Error ? err.message : String(err)} />);
  });
