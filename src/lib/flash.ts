/** Public pages: a toast left by the previous page (e.g. "Conta excluída") shows here. Guarded pages do it after their check. */
import { showFlashedIfAny } from './flashed.ts';
import './start-shell.ts';

showFlashedIfAny();
