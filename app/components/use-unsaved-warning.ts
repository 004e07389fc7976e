import { useCallback, useEffect } from "react";
import { useBeforeUnload, useBlocker, useNavigation, type Location } from "react-router";

/** Another page is leaving; the roof tool also counts another customer (`?customer=`) as leaving. */
export type IsLeaving = (current: Location, next: Location) => boolean;

const otherPage: IsLeaving = (current, next) => current.pathname !== next.pathname;

/**
 * Typed or traced work not saved yet: leaving for another page, or closing the tab, asks
 * first. Saving (a POST, which redirects back) is never stopped.
 */
export function useUnsavedWarning(unsaved: boolean, question: string, isLeaving: IsLeaving = otherPage) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) => unsaved && historyAction !== "REPLACE" && isLeaving(currentLocation, nextLocation),
  );
  const navigation = useNavigation();
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    // A save redirects to the saved record: that is not leaving.
    if (navigation.formMethod === "POST" || window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, navigation.formMethod, question]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (unsaved) event.preventDefault();
      },
      [unsaved],
    ),
  );
}
