// React Router's default client entry, with one change: it hydrates in a
// task after the one that runs this module. React DOM sets itself up as this
// module runs, and hydrateRoot then listens for every event React handles;
// in one task the two made one of the longest tasks of the start on a phone
// (decision 050). <StrictMode> checks nothing in a production build, so only
// development has it, and its bytes are not on every first load.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

const app = <HydratedRouter />;

setTimeout(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      import.meta.env.DEV ? <StrictMode>{app}</StrictMode> : app,
    );
  }),
);
