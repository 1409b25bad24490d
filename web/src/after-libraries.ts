import { nextTask } from './lib/next-task';

// main.tsx imports this after the libraries and before the app's own modules, which the bundle
// then evaluates in the next task (each module in the order main.tsx imports it, this await
// between): one task of all of them held a slow phone's main thread for 200–300 ms.
await nextTask();
