// Reads an alphactor --chrome-trace file with the DevTools trace engine (the parser behind
// Chrome's Performance panel, from the npm registry) and checks what a viewer needs: one
// named thread per processor, every message a flow bound at both ends (so it draws as an
// arrow), and the two counter tracks. Usage: node check.mjs TRACE.json PROCESSORS
import fs from 'node:fs';
import {analyzeEvents} from '@paulirish/trace_engine/analyze-trace.mjs';

const [file, processors] = process.argv.slice(2);
if (!file || !processors) {
  console.error('usage: node check.mjs TRACE.json PROCESSORS');
  process.exit(2);
}
const events = JSON.parse(fs.readFileSync(file, 'utf8')).traceEvents;
const {parsedTrace} = await analyzeEvents(events);
const data = parsedTrace.data;
const problems = [];

const threads = [...data.Renderer.processes.values()].flatMap(p => [...p.threads.values()]);
const names = threads.map(t => t.name).sort();
const want = Array.from({length: Number(processors)}, (_, p) => `processor ${p}`).sort();
if (JSON.stringify(names) !== JSON.stringify(want))
  problems.push(`threads ${JSON.stringify(names)}, expected ${want.length} named processor 0..`);

const messages = events.filter(e => e.ph === 's').length;
const flows = data.Flows.flows;
const bound = flows.filter(f => f.length === 2);  // the send and the receive slice
if (messages === 0 || flows.length !== messages || bound.length !== messages)
  problems.push(`${flows.length} flows bound at both ends for ${messages} messages`);

const counters = new Set(parsedTrace.traceEvents.filter(e => e.ph === 'C').map(e => e.name));
for (const c of ['busy processors', 'messages in flight'])
  if (!counters.has(c)) problems.push(`no counter '${c}'`);

if (problems.length) {
  console.error(`${file}: ${problems.join('; ')}`);
  process.exit(1);
}
console.log(`${file}: DevTools trace engine: ${threads.length} processor threads, ` +
            `${flows.length} message flows bound at both ends, counters ${[...counters].join(', ')}`);
