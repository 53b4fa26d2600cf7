import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * "Install the app" in the members area only (never on the landing page): the
 * browser's own prompt is held back (beforeinstallprompt's default) and offered here, once the
 * member asks. Browsers without the event (Safari) show nothing; "Add to Home Screen" is theirs.
 */
export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (prompt: Event) => {
      prompt.preventDefault();
      setEvent(prompt as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!event) return null;
  const install = async () => {
    await event.prompt();
    await event.userChoice;
    setEvent(null);
  };
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gold/40 bg-gold/10 p-4">
      <p className="text-sm text-white">Install Nocturne: your card and coupons in one tap, even without signal.</p>
      <Button onClick={() => void install()}>Install the app</Button>
    </div>
  );
}
