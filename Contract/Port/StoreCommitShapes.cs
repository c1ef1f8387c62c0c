namespace EventCommitLab.Contract.Port;

/// <summary>
/// A store's commit shapes, as a run records them for its pages: the store's name and title, what a second transaction
/// on a shared document meets there, the command that measures the store, and a shape per strategy that runs on it.
/// </summary>
/// <param name="OnSharedTransaction">What the store does with a second transaction writing a document another holds, in words.</param>
/// <param name="Measure">The command that measures this store on the reader's own server.</param>
/// <param name="RanHere">Whether the run that records them ran on this store.</param>
public sealed record StoreCommitShapes(string Store, string Title, string OnSharedTransaction, string Measure, IReadOnlyList<CommitShape> Strategies, bool RanHere = false)
{
    public CommitShape? For(string strategy) => Strategies.FirstOrDefault(s => s.Strategy == strategy);
}
