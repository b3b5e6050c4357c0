// Standalone entry, for developing this remote on its own; the shell loads ./PortalApp instead.
import('./bootstrap');
