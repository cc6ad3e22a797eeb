/**
 * `⠋ Working… (esc to interrupt)` under the transcript while a turn runs, so
 * the user knows the model is busy even before any text streams in.
 */
import { Box, Text } from "ink";
import { Spinner } from "../Spinner.tsx";

/** A spinner line; one row. */
export function WorkingLine() {
  return (
    <Box>
      <Spinner color="cyan" />
      <Text color="cyan"> Working… </Text>
      <Text dimColor>(esc to interrupt)</Text>
    </Box>
  );
}
