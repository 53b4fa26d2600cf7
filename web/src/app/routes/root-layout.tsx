import { Outlet } from 'react-router-dom';
import { AgeGate } from '@/features/landing/components/AgeGate';
import { ScrollToTopOnNavigate } from './scroll-to-top';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <AgeGate />
      <ScrollToTopOnNavigate />
    </>
  );
}
