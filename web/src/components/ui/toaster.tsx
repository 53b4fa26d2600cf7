import * as Toast from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, dismissToast, removeToast, useToasts } from './use-toast';

/** Radix Toast as PRODUCT.md §9 sets it: swipe right past 50 px, F8 focuses the area. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.durationMs}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(item.id);
              setTimeout(() => removeToast(item.id), 300);
            }
          }}
          className={`toast-root pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg ${
            item.variant === 'destructive'
              ? 'destructive border-red-500/60 bg-red-950 text-red-50'
              : 'border-gold/40 bg-night-800 text-white'
          }`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description> : null}
            {item.action ? (
              <Toast.Action
                altText={item.action.altText}
                onClick={item.action.onClick}
                className="mt-1 w-fit rounded-full border border-current/60 px-3 py-1 text-xs font-semibold uppercase tracking-wider hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold"
              >
                {item.action.label}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 text-current/70 hover:text-current focus-visible:outline-2 focus-visible:outline-gold"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
