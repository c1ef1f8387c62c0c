using BenchmarkDotNet.Loggers;

namespace EventCommitLab.Harness.Seed;

/// <summary>
/// BenchmarkDotNet's log: every line to a file, and to the console only the lines that say which case runs and how many
/// remain (its own progress), so a long run shows where it is without printing every iteration.
/// </summary>
internal sealed class SeedLogger(TextWriter console, TextWriter file) : ILogger
{
    private string _line = "";

    public string Id => nameof(SeedLogger);

    public int Priority => 0;

    public void Write(LogKind logKind, string text) => _line += text;

    public void WriteLine() => WriteLine(LogKind.Default, "");

    public void WriteLine(LogKind logKind, string text)
    {
        var line = _line + text;
        _line = "";
        file.WriteLine(line);
        if (line.StartsWith("// Benchmark: ", StringComparison.Ordinal) || line.StartsWith("// ** Remained ", StringComparison.Ordinal) || logKind == LogKind.Error)
        {
            console.WriteLine(line);
        }
    }

    public void Flush() => file.Flush();
}
