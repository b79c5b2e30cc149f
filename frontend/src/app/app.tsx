import { AppProvider } from './provider';
import { AppRouter, createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
}
