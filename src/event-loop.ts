/**
 * Lets timers, I/O and signal handlers run between slices of long synchronous work (setImmediate
 * runs after pending I/O, unlike a resolved promise). A build yields every ~50 ms, so Ctrl-C and a
 * kill stop it within moments at any stage, and serve answers requests while it prepares.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
