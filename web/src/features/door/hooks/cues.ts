/**
 * What staff notice without reading the screen: a high short beep and one buzz for a yes, a low
 * double beep and three buzzes for a no. Each only where the device supports it (WebAudio,
 * navigator.vibrate); a phone that refuses (no user gesture yet, silent mode) still shows the colour.
 */
let audio: AudioContext | null = null;

function context(): AudioContext | null {
  try {
    const Context = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return null;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    return audio;
  } catch {
    return null;
  }
}

function beep(frequency: number, startAfter: number, seconds: number) {
  const ctx = context();
  if (!ctx) return;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  const start = ctx.currentTime + startAfter;
  gain.gain.setValueAtTime(0.25, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + seconds);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds);
}

export function cue(outcome: 'yes' | 'no') {
  try {
    if (outcome === 'yes') beep(1320, 0, 0.12);
    else {
      beep(330, 0, 0.15);
      beep(330, 0.2, 0.15);
    }
  } catch {
    // No sound here: the screen's colour says it.
  }
  try {
    navigator.vibrate?.(outcome === 'yes' ? 120 : [80, 60, 80, 60, 80]);
  } catch {
    // Not allowed (no user gesture yet).
  }
}

/** Called from a tap, so a later beep is allowed to sound (browsers start audio only after a gesture). */
export function unlockSound() {
  context();
}
