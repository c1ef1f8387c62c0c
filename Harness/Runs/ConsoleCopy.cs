using System.Text;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// The console as a run printed it, kept for its results folder (<see cref="FileName"/>): the plan's lines and each
/// cell's progress line with where its time went, which a reading quotes and no page repeats line by line.
/// </summary>
internal sealed class ConsoleCopy(TextWriter console) : TextWriter
{
    public const string FileName = "console.txt";

    private readonly StringBuilder _copy = new();
    private readonly Lock _gate = new();

    public override Encoding Encoding => console.Encoding;

    public override IFormatProvider FormatProvider => console.FormatProvider;

    public override void Write(char value)
    {
        lock (_gate)
        {
            _copy.Append(value);
            console.Write(value);
        }
    }

    public override void Write(string? value)
    {
        lock (_gate)
        {
            _copy.Append(value);
            console.Write(value);
        }
    }

    public override void Write(char[] buffer, int index, int count)
    {
        lock (_gate)
        {
            _copy.Append(buffer, index, count);
            console.Write(buffer, index, count);
        }
    }

    public override void Flush() => console.Flush();

    /// <summary>Writes what was printed so far into <paramref name="folder"/>.</summary>
    public void SaveTo(string folder)
    {
        string text;
        lock (_gate)
        {
            text = _copy.ToString();
        }

        File.WriteAllText(Path.Combine(folder, FileName), text);
    }
}
