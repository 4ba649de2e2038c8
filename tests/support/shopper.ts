/**
 * The shopper's phone browser (抖音's in-app webview) that test traffic comes from: monitor pings relayed with it and
 * landing visits made in it. A non-browser agent (fetch's `node`, Playwright's HeadlessChrome, a made-up string) is
 * judged a bot by the tracking processor (src/server/tracking/verdict/ua.ts), so its clicks count as invalid traffic.
 */
export const SHOPPER_UA =
  'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 aweme/30.1.0';
