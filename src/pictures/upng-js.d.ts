// The part of upng-js (no published types) that postboggle uses.
declare module 'upng-js' {
  interface Image { width: number; height: number }
  const UPNG: {
    /** Encodes RGBA frames as PNG; cnum > 0 quantizes to at most that many colours (0: lossless). */
    encode(frames: ArrayBuffer[], width: number, height: number, cnum: number): ArrayBuffer;
    decode(png: ArrayBuffer | Uint8Array): Image;
    toRGBA8(img: Image): ArrayBuffer[];
  };
  export default UPNG;
}
