/**
 * Incoming-message sound and browser notifications (spec §2.14). Unsupported
 * browsers and refused permissions only log (spec §8 "Silent").
 */
export type NotificationTitle = 'New Message' | 'New Response' | 'Customer Contact Info';

export function askNotificationPermission(): void {
  try {
    if (!('Notification' in window)) {
      console.warn('Browser notifications are not supported here');
      return;
    }
    if (Notification.permission === 'default')
      void Notification.requestPermission().catch((e) => console.warn(e));
  } catch (error) {
    console.warn('notification permission failed', error);
  }
}

export function notify(title: NotificationTitle, body: string): void {
  playChime();
  try {
    if (
      'Notification' in window &&
      Notification.permission === 'granted' &&
      document.visibilityState !== 'visible'
    ) {
      new Notification(title, { body, tag: title });
    }
  } catch (error) {
    console.warn('notification failed', error);
  }
}

let audio: AudioContext | null = null;

/** A short two-note chime made with WebAudio, so no sound file is downloaded. */
function playChime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.3);
    }
  } catch (error) {
    console.warn('notification sound failed', error);
  }
}
