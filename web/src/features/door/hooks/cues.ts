/**
 * What staff notice without reading the screen: a high short beep and one buzz for a yes, a low
 * double beep and three buzzes for a no. Each only where the device supports it (WebAudio,
 * navigator.vibrate); a phone that refuses (no user gesture yet, silent mode) still shows the colour.
 * Browsers play sound only after a tap on the page, so the audio starts with the first tap
 * (unlockSound), never on a verdict: started there, it held the first verdict up by 150-580 ms
 * in the browser test (door-mode.spec.ts), against about 20 ms without.
 */
let audio: AudioContext | null = null;

function context(create: boolean): AudioContext | null {
  if (!audio && !create) return null;
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
  const ctx = context(false);
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

/** Sounds and buzzes just after the verdict is drawn, so the cue never holds up the screen. */
export function cue(outcome: 'yes' | 'no') {
  setTimeout(() => sound(outcome), 0);
}

function sound(outcome: 'yes' | 'no') {
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
  context(true);
}
