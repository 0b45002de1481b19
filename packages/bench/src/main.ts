#!/usr/bin/env node
// `pnpm bench` entry point.
import { main } from "./index.js";

process.exitCode = await main(process.argv.slice(2));
