// Its own entry: the QR encoder is loaded only by the screens that draw a code, once there is
// something to draw (they import it lazily).
export { QrCode } from './qr-code.tsx';
