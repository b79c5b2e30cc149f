import { NotFound } from '@/components/errors/not-found';

export function AdminNotFoundRoute() {
  return <NotFound standalone={false} />;
}
