namespace EventCommitLab.Contract.Port;

/// <summary>
/// The store cannot be used as asked: no server found, none reachable, one without transactions. The message names
/// the problem and the way out; the harness prints it as it is and exits non-zero.
/// </summary>
public sealed class StoreSetupException : Exception
{
    public StoreSetupException(string message)
        : base(message)
    {
    }

    public StoreSetupException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
