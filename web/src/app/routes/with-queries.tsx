import { Outlet } from 'react-router-dom';
import { AppQueryProvider } from '@/lib/query-provider';

/** The layout of every screen but the landing page: they share the app's query client. */
export default function WithQueriesLayout() {
  return (
    <AppQueryProvider>
      <Outlet />
    </AppQueryProvider>
  );
}
