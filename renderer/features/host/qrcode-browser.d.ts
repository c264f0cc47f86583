// The qrcode package's browser build, typed by hand for what the host page uses of it: @types/qrcode
// describes the Node build and brings Node's own types into the renderer's type check with it.
declare module 'qrcode/lib/browser' {
  interface ToStringOptions {
    type: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    /** The quiet zone around the code, in modules. */
    margin?: number;
    color?: { dark?: string; light?: string };
  }

  const QRCode: {
    toString(text: string, options: ToStringOptions): Promise<string>;
  };
  export default QRCode;
}
