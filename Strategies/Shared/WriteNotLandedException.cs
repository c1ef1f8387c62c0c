namespace EventCommitLab.Strategies.Shared;

/// <summary>A write's answer was lost and repeating it cannot write anything twice: the retry pipeline may repeat the attempt.</summary>
internal sealed class WriteNotLandedException(string message, Exception unknown) : Exception($"{message} ({unknown.Message.Split('\n')[0].Trim()}).", unknown)
{
    /// <summary>The log shows the commit did not land.</summary>
    public WriteNotLandedException(Exception unknown)
        : this("The write's answer was lost and the commit is not in the log, so nothing was written", unknown)
    {
    }
}
