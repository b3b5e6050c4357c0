// Standalone entry, for developing this remote on its own; the shell loads ./ScanPage instead.
import('./bootstrap');
