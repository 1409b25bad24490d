/**
 * Resolves in a task of its own: the browser may paint and handle a tap before what follows the
 * await runs. A message, not a timer: timers are throttled to one a second in a background tab,
 * and nested ones clamped to 4 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
