/**
 * The live area above the prompt: assistant text as it streams in, and a
 * spinner while the turn runs.
 */
import { Box, Text } from "ink";
import { Bulleted } from "./Bulleted.tsx";
import { Spinner } from "../Spinner.tsx";

/** The streaming text and whether a turn runs. */
export interface LiveMessageProps {
  /** Streamed text not yet final; "" for none. */
  readonly text: string;
  /** A turn is running (shows the spinner line). */
  readonly running: boolean;
  /** Hides the spinner line while a modal waits for the user. */
  readonly waiting: boolean;
}

/** The not-yet-final assistant text and the working spinner. */
export function LiveMessage({ text, running, waiting }: LiveMessageProps) {
  return (
    <Box flexDirection="column">
      {text !== "" ? (
        <Bulleted mark="●">
          <Text>{text}</Text>
        </Bulleted>
      ) : null}
      {running && !waiting ? (
        <Box marginTop={text === "" ? 1 : 0}>
          <Spinner color="cyan" />
          <Text color="cyan"> Working… </Text>
          <Text dimColor>(esc to interrupt)</Text>
        </Box>
      ) : null}
    </Box>
  );
}
