import { useCallback, useEffect } from "react";
import { useBeforeUnload, useBlocker, useNavigation } from "react-router";

const LEAVE_QUESTION = "Leave without saving? The measurements, tracing or pictures of this customer are not saved yet.";

/**
 * Tracing and typed figures are work: leaving for another customer or another page, or closing the tab,
 * asks first. Saving (a POST) and opening the settings (same customer) are not stopped.
 */
export function useUnsavedWarning(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      unsaved &&
      historyAction !== "REPLACE" &&
      (currentLocation.pathname !== nextLocation.pathname ||
        new URLSearchParams(currentLocation.search).get("customer") !== new URLSearchParams(nextLocation.search).get("customer")),
  );
  const navigation = useNavigation();
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // A save redirects to the saved customer: that is not leaving.
    if (navigation.formMethod === "POST" || window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker, navigation.formMethod]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (unsaved) event.preventDefault();
      },
      [unsaved],
    ),
  );
}
