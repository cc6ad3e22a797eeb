# Starts a server the way npx or a shell wrapper does: as a child, not through exec.
# MCP_TEST_MARKER: a file created the moment this wrapper runs (proves whether a server was started).
# MCP_TEST_WRAPPER_PID_FILE: where the wrapper writes its own pid (the process group's leader).
if [ -n "$MCP_TEST_MARKER" ]; then : > "$MCP_TEST_MARKER"; fi
if [ -n "$MCP_TEST_WRAPPER_PID_FILE" ]; then echo $$ > "$MCP_TEST_WRAPPER_PID_FILE"; fi
"$MCP_TEST_NODE" "$@"
status=$?
exit $status
