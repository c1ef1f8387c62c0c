using System.Collections.Concurrent;
using System.Globalization;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Tests.Dcb;

/// <summary>
/// Rival appends from 8 clients (each round, one fresh student enrolled in two courses "if enrolled nowhere yet") while a
/// fault is injected, then the log read back against what each caller was told.
/// </summary>
internal static class RivalAppendsUnderFault
{
    /// <summary>What went wrong, read back from the database; empty when every guarantee held.</summary>
    public sealed record Findings(IReadOnlyList<string> Violations, int Written, int Unknown, int Failed);

    /// <param name="injectAsync">Injects the fault while the clients append; returns once it is over.</param>
    public static async Task<Findings> RunAsync(IDcbLog log, IDcbAppender appender, Func<Task> injectAsync)
    {
        var told = new ConcurrentDictionary<(string Student, int Course), Outcome>();
        using var stop = new CancellationTokenSource();

        async Task AppendAsync(string student, int course)
        {
            try
            {
                var append = new DcbAppend([CourseEnrollmentDataset.Enrollment(course, student, DcbEnrollments.At)], new AppendCondition(DcbEnrollments.EnrollmentsOf(student), null));
                var result = await appender.AppendAsync(append, CancellationToken.None);
                told[(student, course)] = result.Appended ? Outcome.Written : Outcome.Refused;
            }
            catch (Exception e)
            {
                told[(student, course)] = log.Classify(e) == StoreErrorKind.OutcomeUnknown ? Outcome.Unknown : Outcome.Failed;
            }
        }

        var clients = Enumerable.Range(0, 8).Select(client => Task.Run(async () =>
        {
            for (var round = 0; !stop.IsCancellationRequested; round++)
            {
                var student = $"c{client}r{round}";
                await Task.WhenAll(AppendAsync(student, 1), AppendAsync(student, 2));
            }
        })).ToArray();
        await injectAsync();
        await stop.CancelAsync();
        await Task.WhenAll(clients).WaitAsync(TimeSpan.FromMinutes(2));

        var found = (await ReadAllAsync(log))
            .GroupBy(e => (Student: e.Tags.Single(t => t.StartsWith("student:", StringComparison.Ordinal))["student:".Length..],
                           Course: int.Parse(e.Tags.Single(t => t.StartsWith("course:", StringComparison.Ordinal))["course:".Length..], CultureInfo.InvariantCulture)))
            .ToDictionary(g => g.Key, g => g.Count());
        var violations = found.Keys.Where(k => !told.ContainsKey(k)).Select(k => $"{k.Student}, course {k.Course}: in the log, no caller asked for it").ToList();
        foreach (var student in told.Keys.Select(k => k.Student).Distinct())
        {
            var here = new[] { 1, 2 }.ToDictionary(course => course, course => found.GetValueOrDefault((student, course)));
            if (here.Values.Sum() > 1)
            {
                violations.Add($"{student}: {here[1]} + {here[2]} enrollments, at most one may win");
            }

            foreach (var course in new[] { 1, 2 })
            {
                var (mine, rival) = (here[course], here[3 - course]);
                var wrong = told[(student, course)] switch
                {
                    Outcome.Written when mine != 1 => $"told written, {mine} in the log",
                    Outcome.Refused when mine != 0 => $"told refused, {mine} in the log",
                    Outcome.Refused when rival == 0 => "told refused, yet no rival event is in the log",
                    Outcome.Failed when mine != 0 => $"failed with an error before its commit, {mine} in the log",
                    Outcome.Unknown when mine > 1 => $"outcome unknown, {mine} in the log",
                    _ => null,
                };
                if (wrong is not null)
                {
                    violations.Add($"{student}, course {course}: {wrong}");
                }
            }
        }

        return new Findings(violations, told.Values.Count(o => o == Outcome.Written), told.Values.Count(o => o == Outcome.Unknown), told.Values.Count(o => o == Outcome.Failed));
    }

    // After a crash the log's pool may still hold connections the server lost: the first reads can fail on them.
    private static async Task<IReadOnlyList<DcbStoredEvent>> ReadAllAsync(IDcbLog log)
    {
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await log.ReadAsync(null, 0, 1_000_000, CancellationToken.None);
            }
            catch (Exception e) when (attempt < 20 && log.Classify(e) != StoreErrorKind.Fatal)
            {
                await Task.Delay(100);
            }
        }
    }

    private enum Outcome
    {
        Written,
        Refused,
        Unknown,
        Failed,
    }
}
