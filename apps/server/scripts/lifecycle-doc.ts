// Writes docs/order-lifecycle.md from the lifecycle table (npm run docs:lifecycle --workspace apps/server); a test
// fails when the committed file and the table differ.
import { writeFileSync } from 'node:fs';
import { lifecycleDocument } from '../src/modules/orders/lifecycle';

const path = new URL('../../../docs/order-lifecycle.md', import.meta.url);
writeFileSync(path, lifecycleDocument());
console.log(`wrote ${path.pathname}`);
