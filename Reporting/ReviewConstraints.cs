using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// How a review names a guarantee profile: by its writer processes and the numbers it needs. A profile that does not ask
/// for several writers still answers "one or several" when every strategy it admits in the run is safe with several
/// (no other profile asks for several with the same numbers); otherwise it answers "one" alone.
/// </summary>
internal static class ReviewConstraints
{
    public static string Of(GuaranteeProfile profile, RunRecord record)
    {
        var numbers = profile.GapFree ? "gap-free numbers, visible in order" : "unique numbers";
        return $"{Writers(profile, record)} · {numbers}";
    }

    private static string Writers(GuaranteeProfile profile, RunRecord record)
    {
        if (profile.SeveralWriters)
        {
            return "several writer processes";
        }

        var admitted = record.Strategies.Where(profile.Admits).ToArray();
        var severalAsked = GuaranteeProfile.All.Any(p => p.SeveralWriters && p.GapFree == profile.GapFree);
        return !severalAsked && admitted.Length > 0 && admitted.All(s => s.SafeWithSeveralWriterProcesses)
            ? "one or several writer processes"
            : "one writer process";
    }
}
