using System.Globalization;
using System.Text;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Harness.Tags;

/// <summary>The tags run's summary.md: each storage's build, then the queries laid out as the original (mean, median, allocated).</summary>
public static class TagsSummaryWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(TagsSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var md = new StringBuilder();
        var s = run.Settings;
        run.Environment.AppendHeader(md, "tag queries at the end of a large log (`suite tags`)", "suite tags", "Shape",
            string.Create(Invariant, $"{s.Events:N0} events per log, one log per tag storage, each event with two common tags; the last n events also tagged `last-n` for n in {string.Join(", ", s.TaggedAtEnd)}; ") +
            (run.Race is null
                ? string.Create(Invariant, $"{s.Warmups} warm-up and {s.Rounds} measured queries per tag and storage, storages interleaved")
                : string.Create(Invariant, $"per tag {s.Warmups} warm-up quer{(s.Warmups == 1 ? "y" : "ies")} of every storage (the last the race's qualifying round) and at most {s.Rounds} race rounds")));
        md.AppendLine("## Building the logs").AppendLine();
        md.AppendLine("Each log is built on the server from `generate_series` in one statement per table (no row crosses the wire), then indexed and `VACUUM ANALYZE`d.").AppendLine();
        var builds = new MarkdownTable().Left("Storage", "How tags are stored and matched").Right("Build time", "Size on disk");
        foreach (var build in run.Builds)
        {
            builds.Row($"{build.Storage}", $"{Describe(build.Storage)}", $"{build.BuildTime.TotalSeconds:0.0} s", $"{build.Bytes / 1048576.0:N0} MiB");
        }

        builds.WriteTo(md);

        md.AppendLine().AppendLine("## Querying the tagged events").AppendLine();
        if (run.Race is { } race)
        {
            SuiteRaceText.AppendHowItDecides(md, race, "query", "queries/s (1000 / ms)");
        }

        md.AppendLine("Each query reads every event carrying the tag (position, stream, payload), in log order. **Mean** and **median** are in ms" +
            (run.Race is null ? "" : " over the race rounds the storage ran") + ", the median with its 95% interval " +
            "(Harrell-Davis, Maritz-Jarrett); **allocated** is what the whole process allocated per query (the client's share: the server's work is not in it).").AppendLine();
        var storages = run.Builds.Select(b => b.Storage).ToArray();
        var raced = run.Verdicts is not null;
        var queries = new MarkdownTable().Right("Tagged events");
        if (raced)
        {
            queries.Left("Verdict (queries/s)");
        }

        queries.Right(storages.SelectMany(storage => new[] { $"{storage} mean", "median [95%]", "allocated" }));
        foreach (var tagged in s.TaggedAtEnd)
        {
            FormattableString?[] verdict = raced ? [$"{SuiteRaceText.Verdict(run.Verdicts!.FirstOrDefault(v => v.Tagged == tagged)?.Race)}"] : [];
            queries.Row([$"{tagged:N0}", .. verdict, .. storages.SelectMany(storage =>
            {
                var q = run.Queries.FirstOrDefault(r => r.Storage == storage && r.Tagged == tagged);
                return q is null ? new FormattableString?[3]
                    : [$"{q.Mean:0.###}", $"{q.Median.Estimate:0.###} [{q.Median.Lower:0.###}, {q.Median.Upper:0.###}]{SuiteRaceText.Exit(q.Exit)}", $"{q.AllocatedBytes / 1024:N0} KiB"];
            })]);
        }

        queries.WriteTo(md);

        md.AppendLine();
        var wrong = run.Queries.Where(q => !q.Exact).ToArray();
        md.AppendLine(wrong.Length == 0
            ? "Every query returned exactly the tagged events, in log order."
            : $"**{wrong.Length} storage/tag pairs returned something else than exactly the tagged events:** {string.Join(", ", wrong.Select(q => $"{q.Storage} at {q.Tagged}"))}.");
        AppendOriginal(md, s.TaggedAtEnd);
        return md.ToString();
    }

    private static void AppendOriginal(StringBuilder md, IReadOnlyList<int> taggedAtEnd)
    {
        var quoted = taggedAtEnd.Select(t => (Tagged: t, Medians: OriginalTagFigures.For(t))).Where(r => r.Medians is not null).ToArray();
        if (quoted.Length == 0)
        {
            return;
        }

        md.AppendLine().AppendLine("## The original's figures, for shape").AppendLine();
        md.AppendLine(Invariant, $"Medians in ms quoted from {OriginalTagFigures.Source}; another machine. Its log differs from this one in what matters most here: ")
            .AppendLine("only the queried events carry a tag there, every other event none, so its tag table holds only their rows and the planner knows each tag's count; " +
                "here every event also carries two common tags, as in a log that uses tags, and a rare tag's row count is estimated from what the common ones leave.").AppendLine();
        var original = new MarkdownTable().Right("Tagged events", "Csv (original)", "TagTable (original)");
        foreach (var (tagged, medians) in quoted)
        {
            original.Row($"{tagged:N0}", $"{medians!.Value.Csv:0.###}", $"{medians.Value.TagTable:0.###}");
        }

        original.WriteTo(md);
    }

    private static string Describe(TagStorage storage) => storage switch
    {
        TagStorage.JsonArrayGin => "`jsonb` array, GIN index (`jsonb_path_ops`), matched with `@>`",
        TagStorage.CommaSeparatedLike => "text `,a,b,`, no index can serve it, matched with `LIKE '%,tag,%'` (Akka's Csv mode)",
        TagStorage.TagTable => "a `(tag, position)` table with that primary key, joined to the events (Akka's TagTable mode)",
        _ => "the same two tables, queried for the tag's positions first (`position = ANY (ARRAY(subquery))`), then the events by key",
    };
}
