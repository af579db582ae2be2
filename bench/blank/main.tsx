// The baseline for the first-screen figure: the smallest Vite React page with a "Message" box.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Blank() {
  return <textarea aria-label="Message" rows={1} autoFocus />;
}

const container = document.getElementById('root');
if (container)
  createRoot(container).render(
    <StrictMode>
      <Blank />
    </StrictMode>,
  );
