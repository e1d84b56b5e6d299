/** Collects the JSON log lines an app writes, and lets a test wait for one. */
export function captureLogs() {
  const lines: string[] = [];
  const waiters: { test: (line: string) => boolean; resolve: () => void }[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        lines.push(line);
        for (const waiter of [...waiters]) {
          if (waiter.test(line)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      },
    },
    text: () => lines.join(''),
    /** resolves when a line containing `fragment` has been written */
    waitFor(fragment: string): Promise<void> {
      const test = (line: string) => line.includes(fragment);
      if (lines.some(test)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}
