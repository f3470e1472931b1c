// The USB host's side of the chip's CDC serial port (the REPL), as a PC does it.
// rp2040js's USBCDC enumerates the device; what changes here is the OUT endpoint:
// the stock host answers every read the device arms with an empty packet when it
// has nothing to send, about every 10 us, so the firmware services USB interrupts
// without end. A real host NAKs until it has data: the read is held back here and
// answered when bytes arrive.
import { USBCDC } from "rp2040js";

export class Serial {
  constructor(rp) {
    this.usb = rp.usbCtrl;
    this.cdc = new USBCDC(this.usb);
    this.input = [];              // bytes the host has yet to send
    this.pending = -1;            // size of a held-back OUT read, or -1
    this.connected = false;
    this.onData = null;           // (Uint8Array) => void: bytes from the chip
    this.cdc.onDeviceConnected = () => {
      this.connected = true;
    };
    this.cdc.onSerialData = (buf) => this.onData && this.onData(buf);
    this.usb.onEndpointRead = (ep, size) => {
      if (ep !== this.cdc.outEndpoint) return;
      this.pending = size;
      this.feed();
    };
  }

  /** Queues bytes (an array or Uint8Array) for the chip. */
  write(bytes) {
    for (const b of bytes) this.input.push(b & 0xff);
    this.feed();
  }

  feed() {
    if (this.pending < 0 || this.input.length === 0) return;
    const n = Math.min(this.pending, this.input.length);
    const buf = Uint8Array.from(this.input.splice(0, n));
    this.pending = -1;
    this.usb.endpointReadDone(this.cdc.outEndpoint, buf);
  }
}
