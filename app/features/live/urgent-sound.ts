import { useSyncExternalStore } from "react";

const storageKey = "admin.urgentSound";
const changeEvent = "admin-urgent-sound-change";

export function urgentSoundEnabled(): boolean {
  try {
    return localStorage.getItem(storageKey) === "on";
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

/** The per-browser choice (off unless turned on here), and null before the page's script runs. */
export function useUrgentSound(): boolean | null {
  return useSyncExternalStore(subscribe, urgentSoundEnabled, () => null);
}

let context: AudioContext | undefined;

/** Two short tones; made here, so there is no file to fetch. Browsers play it once the page was touched. */
export function playUrgentSound(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
    for (const [offset, frequency] of [
      [0, 880],
      [0.25, 660],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, context.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + offset + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + offset);
      oscillator.stop(context.currentTime + offset + 0.2);
    }
  } catch {
    // No audio on this device: the page still updates.
  }
}

/** Turning it on plays it, which also lets the browser play it later without a tap. */
export function setUrgentSound(enabled: boolean): void {
  try {
    localStorage.setItem(storageKey, enabled ? "on" : "off");
  } catch {
    return;
  }
  window.dispatchEvent(new Event(changeEvent));
  if (enabled) playUrgentSound();
}
