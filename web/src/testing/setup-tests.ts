import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out these web APIs, which react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });
