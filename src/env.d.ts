/** What the server process hands to every Astro request (`Astro.locals`): see src/server/landing/runtime.ts. */
declare namespace App {
  interface Locals {
    landing?: import('./server/landing/runtime.ts').LandingRuntime;
  }
}
