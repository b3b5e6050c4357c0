// A stolen animal's panel, on its page (docs/product/theft.md).
export { TheftPanel } from './theft-panel.tsx';
