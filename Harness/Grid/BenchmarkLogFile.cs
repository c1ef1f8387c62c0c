using BenchmarkDotNet.Loggers;

namespace EventCommitLab.Harness.Grid;

/// <summary>BenchmarkDotNet's whole output goes to a file in the results folder; the console gets the harness's progress lines.</summary>
internal sealed class BenchmarkLogFile(string path) : ILogger, IDisposable
{
    private readonly StreamWriter _writer = new(path, append: false) { AutoFlush = true };
    private readonly Lock _lock = new();

    public string Id => nameof(BenchmarkLogFile);

    public int Priority => 0;

    public void Write(LogKind logKind, string text)
    {
        lock (_lock)
        {
            _writer.Write(text);
        }
    }

    public void WriteLine()
    {
        lock (_lock)
        {
            _writer.WriteLine();
        }
    }

    public void WriteLine(LogKind logKind, string text)
    {
        lock (_lock)
        {
            _writer.WriteLine(text);
        }
    }

    public void Flush()
    {
        lock (_lock)
        {
            _writer.Flush();
        }
    }

    public void Dispose() => _writer.Dispose();
}
