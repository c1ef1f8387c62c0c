using System.Text.Json;
using System.Text.Json.Nodes;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// A suite's pages, written from its result: its <c>summary.md</c> and its charts. The suite's run writes them from the
/// result it measured, and <c>report</c> writes them again from the result its <c>results.json</c> kept.
/// </summary>
internal sealed class SuiteReport
{
    private readonly Func<JsonNode, object> _read;
    private readonly Action<object, string> _write;
    private readonly Func<object, IEnumerable<SuiteFigure>> _figures;
    private readonly Func<object, IEnumerable<SuiteVerdict>> _verdicts;

    private SuiteReport(
        string suite, string page, Func<JsonNode, object> read, Action<object, string> write, Func<object, IEnumerable<SuiteFigure>> figures, Func<object, IEnumerable<SuiteVerdict>> verdicts)
    {
        Suite = suite;
        Page = page;
        _read = read;
        _write = write;
        _figures = figures;
        _verdicts = verdicts;
    }

    /// <summary>The page every suite's run opens with.</summary>
    public const string SummaryFileName = "summary.md";

    public string Suite { get; }

    /// <summary>The run's page, in its folder: <see cref="SummaryFileName"/> unless the suite names its own.</summary>
    public string Page { get; }

    /// <param name="figures">The run's figures, each with its interval, as <c>compare</c> sets two runs' side by side.</param>
    /// <param name="verdicts">The run's race verdicts, one per row, for a suite whose rows race their contenders.</param>
    public static SuiteReport For<T>(
        string suite, Func<T, string> summary, Func<T, IEnumerable<SuiteFigure>> figures, Func<T, IEnumerable<ChartWriter.Chart>>? charts = null, Func<T, IEnumerable<SuiteVerdict>>? verdicts = null)
        where T : class =>
        For(suite, SummaryFileName, (T result, string _) => summary(result), figures, charts, verdicts);

    /// <param name="page">The page's file name.</param>
    /// <param name="write">The page, from the result and what else the run's folder holds (a tool's own report).</param>
    public static SuiteReport For<T>(
        string suite, string page, Func<T, string, string> write, Func<T, IEnumerable<SuiteFigure>> figures, Func<T, IEnumerable<ChartWriter.Chart>>? charts = null,
        Func<T, IEnumerable<SuiteVerdict>>? verdicts = null)
        where T : class =>
        new(suite,
            page,
            node => node.Deserialize<T>(SuiteRecord.Json) ?? throw new InvalidDataException($"the {suite} suite's result is empty."),
            (result, folder) =>
            {
                var typed = (T)result;
                File.WriteAllText(Path.Combine(folder, page), write(typed, folder));
                if (charts is not null)
                {
                    ChartWriter.Save(charts(typed), Directory.CreateDirectory(Path.Combine(folder, "charts")).FullName);
                }
            },
            result => figures((T)result),
            result => verdicts?.Invoke((T)result) ?? []);

    /// <summary>Writes <paramref name="result"/> as the run's results.json in <paramref name="folder"/>.</summary>
    public void WriteRecord(object result, string folder) => SuiteRecord.Write(folder, Suite, result);

    /// <summary>Writes the pages (and charts) of <paramref name="result"/> into <paramref name="folder"/>.</summary>
    public void WritePages(object result, string folder) => _write(result, folder);

    /// <summary>Writes the pages again from the result kept in <paramref name="folder"/>'s results.json.</summary>
    /// <exception cref="InvalidDataException">The kept result cannot be read as this suite's.</exception>
    public void Rewrite(JsonNode result, string folder) => _write(Read(result, folder), folder);

    /// <summary>The result kept in <paramref name="folder"/>'s results.json, as the suite's record type.</summary>
    /// <exception cref="InvalidDataException">The kept result cannot be read as this suite's.</exception>
    public T Result<T>(JsonNode result, string folder) => (T)Read(result, folder);

    /// <summary>The figures of the result kept in <paramref name="folder"/>'s results.json.</summary>
    /// <exception cref="InvalidDataException">The kept result cannot be read as this suite's.</exception>
    public IReadOnlyList<SuiteFigure> Figures(JsonNode result, string folder) => [.. _figures(Read(result, folder))];

    /// <summary>The race verdicts of the result kept in <paramref name="folder"/>'s results.json; none for a suite that races nothing or a run from before the race.</summary>
    /// <exception cref="InvalidDataException">The kept result cannot be read as this suite's.</exception>
    public IReadOnlyList<SuiteVerdict> Verdicts(JsonNode result, string folder) => [.. _verdicts(Read(result, folder))];

    private object Read(JsonNode result, string folder)
    {
        try
        {
            return _read(result);
        }
        catch (JsonException e)
        {
            throw new InvalidDataException($"{Path.Combine(folder, SuiteRecord.FileName)} is not a {Suite} run written by this version of the harness: {e.Message}", e);
        }
    }
}
