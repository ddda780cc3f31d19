// Runs a wasm32-wasip1 program (a test binary) under node's WASI: cargo's
// runner for that target (`CARGO_TARGET_WASM32_WASIP1_RUNNER`). The
// program sees its arguments, the environment, and the file system from
// `/` (the tests read their data files by absolute path); its exit code is
// this process's.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({
  version: 'preview1',
  args: [file, ...args],
  env: process.env,
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
