import { replace } from "react-router";

// The management screens are not part of the public site: everyone
// is sent home, replacing the history entry so Back does not bounce.
export function loader() {
  return replace("/");
}

export default function RedirectHome() {
  return null;
}
