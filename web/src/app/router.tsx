import { lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ADMIN_SCREENS } from '@nocturne/contracts/constants';
import { PageLoading } from '@/components/ui/page-loading';
import { LandingRoute } from './routes/landing';
import { RootLayout } from './routes/root-layout';

// The landing page ships in the entry chunk (most visits start there); every other screen is
// its own chunk, fetched when first visited, so members/admin code never weighs on the landing.
// Declarative routing (not the data router) keeps react-router's share of that chunk small.
// Those screens sit in one lazy layout that brings the query library and the app's client.
const WithQueriesLayout = lazy(() => import('./routes/with-queries'));
const SignInRoute = lazy(() => import('./routes/sign-in'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const TwoFactorRoute = lazy(() => import('./routes/two-factor'));
const MemberDashboardRoute = lazy(() => import('./routes/member-dashboard'));
const AdminDashboardRedirect = lazy(() => import('./routes/admin-dashboard-redirect'));
const AdminDashboardRoute = lazy(() => import('./routes/admin-dashboard'));
const AdminContentRoute = lazy(() => import('./routes/admin-content'));
const AdminMemberRoute = lazy(() => import('./routes/admin-member'));
const CancelBookingRoute = lazy(() => import('./routes/cancel-booking'));
const DoorRoute = lazy(() => import('./routes/door'));
const VenueRoute = lazy(() => import('./routes/venue'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/** `children` render beside the routes, inside their Suspense boundary (main.tsx's ready signal). */
export function AppRoutes({ children }: { children?: ReactNode } = {}) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/" element={<LandingRoute />} />
          <Route element={<WithQueriesLayout />}>
            <Route path="/members-login" element={<SignInRoute />} />
            <Route path="/members-register" element={<SignInRoute />} />
            <Route path="/admin-login" element={<SignInRoute />} />
            <Route path="/reset-password" element={<ResetPasswordRoute />} />
            <Route path="/two-factor" element={<TwoFactorRoute />} />
            <Route path="/member-dashboard" element={<MemberDashboardRoute />} />
            <Route path="/admin-dashboard" element={<AdminDashboardRedirect />} />
            {ADMIN_SCREENS.map((screen) => (
              <Route key={screen} path={`/admin/${screen}`} element={<AdminDashboardRoute />} />
            ))}
            <Route path="/admin/content" element={<AdminContentRoute />} />
            <Route path="/admin/members/:id" element={<AdminMemberRoute />} />
            <Route path="/bookings/cancel" element={<CancelBookingRoute />} />
            <Route path="/door" element={<DoorRoute />} />
            <Route path="/venues/:slug" element={<VenueRoute />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Route>
      </Routes>
      {children}
    </Suspense>
  );
}

export function AppRouter({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <AppRoutes>{children}</AppRoutes>
    </BrowserRouter>
  );
}
