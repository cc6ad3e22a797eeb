// Placeholder until the CLI lands: keeps the build green.
process.stdout.write("mini-cc\n");
