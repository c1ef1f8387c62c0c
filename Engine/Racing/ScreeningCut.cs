namespace EventCommitLab.Engine.Racing;

/// <summary>
/// The two cuts a race makes before its first look, each a test of one rival against every member of its group still
/// racing, window by window: after the qualifying round, a rival whose window is below <see
/// cref="StallRates.OneWindowDepth"/> of every member's; after the first race round, one whose qualifying and first
/// race windows are both below <see cref="StallRates.TwoWindowsDepth"/> of every member's (every member that is not
/// itself that far below the fastest: those cannot be chosen). A rival that is not slower than some member would be cut
/// only if its windows stalled that deep, which they do with at most the measured frequency (<see cref="StallRates"/>):
/// the cut's size, spent from its row's error rate. Being below every member that could be chosen, a cut rival is below
/// whichever of them the row chooses, by their own windows.
/// </summary>
internal static class ScreeningCut
{
    /// <summary>Whether <paramref name="figure"/> is below <paramref name="depth"/> of <paramref name="other"/> (neither missing).</summary>
    public static bool Below(double? figure, double? other, double depth) => figure is { } a && other is { } b && b > 0 && a < depth * b;

    /// <summary>
    /// The members the windows cut: each below <paramref name="depth"/> of the fastest in every window, and of every member
    /// that is not (a member that could still be chosen), in every window that member ran.
    /// </summary>
    /// <param name="windows">Per window, each member's figure.</param>
    /// <param name="members">The group's members still racing.</param>
    /// <param name="uncuttable">Members never cut (pinned).</param>
    public static IReadOnlyCollection<string> Cut(IReadOnlyList<IReadOnlyDictionary<string, double?>> windows, IReadOnlyCollection<string> members, Func<string, bool> uncuttable, double depth)
    {
        ArgumentNullException.ThrowIfNull(windows);
        ArgumentNullException.ThrowIfNull(members);
        ArgumentNullException.ThrowIfNull(uncuttable);
        var fastest = windows.Select(w => members.Select(m => w.GetValueOrDefault(m) ?? 0).DefaultIfEmpty(0).Max()).ToArray();
        var far = members.Where(m => windows.Select((w, i) => Below(w.GetValueOrDefault(m), fastest[i], depth)).All(b => b)).ToHashSet(StringComparer.Ordinal);
        var near = members.Where(m => !far.Contains(m)).ToArray();
        return [.. far.Where(m => !uncuttable(m) && near.All(n => windows.All(w => w.GetValueOrDefault(n) is not > 0 || Below(w.GetValueOrDefault(m), w.GetValueOrDefault(n), depth))))];
    }
}
